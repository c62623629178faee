package server

import (
	"encoding/binary"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// limitListener enforces --max-connections the way MySQL does: a client
// over the limit receives ER_CON_COUNT_ERROR (1040, "Too many connections")
// as its first packet and is disconnected; the others are unaffected.
// (The protocol library's own limit closes such sockets without a word.)
type limitListener struct {
	net.Listener
	max    int64
	active atomic.Int64
}

func newLimitListener(l net.Listener, max uint64) net.Listener {
	if max == 0 {
		return l
	}
	return &limitListener{Listener: l, max: int64(max)}
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.active.Add(1) > l.max {
			l.active.Add(-1)
			go refuse(c)
			continue
		}
		return &countedConn{Conn: c, l: l}, nil
	}
}

// tooManyConnections is a MySQL ERR packet, sequence 0.
var tooManyConnections = func() []byte {
	msg := "Too many connections"
	payload := []byte{0xff}
	payload = binary.LittleEndian.AppendUint16(payload, 1040)
	payload = append(payload, "#08004"...)
	payload = append(payload, msg...)
	pkt := []byte{byte(len(payload)), byte(len(payload) >> 8), byte(len(payload) >> 16), 0}
	return append(pkt, payload...)
}()

func refuse(c net.Conn) {
	c.SetWriteDeadline(time.Now().Add(time.Second))
	c.Write(tooManyConnections)
	c.Close()
}

type countedConn struct {
	net.Conn
	l    *limitListener
	once sync.Once
}

func (c *countedConn) Close() error {
	c.once.Do(func() { c.l.active.Add(-1) })
	return c.Conn.Close()
}
