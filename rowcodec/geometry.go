package rowcodec

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql/types"
)

// Spatial values (types.Point, LineString, Polygon, MultiPoint,
// MultiLineString, MultiPolygon, GeomColl) are stored in a compact structural
// form that keeps every nested SRID, so they decode to identical Go values:
//
//	geometry   := kind(byte, WKB type id) uvarint(srid) body
//	Point      := x(8 LE) y(8 LE)
//	LineString, MultiPoint           := uvarint(n) (uvarint(srid) Point)*n
//	Polygon, MultiLineString         := uvarint(n) (uvarint(srid) LineString)*n
//	MultiPolygon                     := uvarint(n) (uvarint(srid) Polygon)*n
//	GeomColl                         := uvarint(n) geometry*n
//
// The whole geometry is framed by a uvarint length (see appendFramed).

// maxGeomDepth bounds GeometryCollection nesting, keeping decoding recursion
// shallow on hostile input.
const maxGeomDepth = 64

// Smallest encodings of nested elements, used to bound allocations by the
// remaining input before trusting a count.
const (
	minPointSize = 1 + 16 // srid + x + y
	minLineSize  = 1 + 1  // srid + count
	minGeomSize  = 1 + 1 + 1
)

func appendPoints(b []byte, pts []types.Point) []byte {
	b = binary.AppendUvarint(b, uint64(len(pts)))
	for _, p := range pts {
		b = binary.AppendUvarint(b, uint64(p.SRID))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.X))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.Y))
	}
	return b
}

func appendLines(b []byte, lines []types.LineString) []byte {
	b = binary.AppendUvarint(b, uint64(len(lines)))
	for _, l := range lines {
		b = binary.AppendUvarint(b, uint64(l.SRID))
		b = appendPoints(b, l.Points)
	}
	return b
}

func appendGeometry(b []byte, g types.GeometryValue, depth int) ([]byte, error) {
	if depth > maxGeomDepth {
		return b, fmt.Errorf("rowcodec: geometry collection nested deeper than %d", maxGeomDepth)
	}
	switch g := g.(type) {
	case types.Point:
		b = append(b, types.WKBPointID)
		b = binary.AppendUvarint(b, uint64(g.SRID))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(g.X))
		return binary.LittleEndian.AppendUint64(b, math.Float64bits(g.Y)), nil
	case types.LineString:
		b = binary.AppendUvarint(append(b, types.WKBLineID), uint64(g.SRID))
		return appendPoints(b, g.Points), nil
	case types.MultiPoint:
		b = binary.AppendUvarint(append(b, types.WKBMultiPointID), uint64(g.SRID))
		return appendPoints(b, g.Points), nil
	case types.Polygon:
		b = binary.AppendUvarint(append(b, types.WKBPolyID), uint64(g.SRID))
		return appendLines(b, g.Lines), nil
	case types.MultiLineString:
		b = binary.AppendUvarint(append(b, types.WKBMultiLineID), uint64(g.SRID))
		return appendLines(b, g.Lines), nil
	case types.MultiPolygon:
		b = binary.AppendUvarint(append(b, types.WKBMultiPolyID), uint64(g.SRID))
		b = binary.AppendUvarint(b, uint64(len(g.Polygons)))
		for _, p := range g.Polygons {
			b = binary.AppendUvarint(b, uint64(p.SRID))
			b = appendLines(b, p.Lines)
		}
		return b, nil
	case types.GeomColl:
		b = binary.AppendUvarint(append(b, types.WKBGeomCollID), uint64(g.SRID))
		b = binary.AppendUvarint(b, uint64(len(g.Geoms)))
		var err error
		for _, e := range g.Geoms {
			if e == nil {
				return b, fmt.Errorf("rowcodec: nil geometry inside collection")
			}
			if b, err = appendGeometry(b, e, depth+1); err != nil {
				return b, err
			}
		}
		return b, nil
	default:
		return b, fmt.Errorf("rowcodec: unsupported value type %T", g)
	}
}

// geomReader decodes the structural geometry form with full bounds checking.
type geomReader struct {
	b []byte
	p int
}

func (r *geomReader) uvarint() (uint64, error) {
	u, m := binary.Uvarint(r.b[r.p:])
	if m <= 0 {
		return 0, corrupt("bad varint in geometry")
	}
	r.p += m
	return u, nil
}

func (r *geomReader) srid() (uint32, error) {
	u, err := r.uvarint()
	if err != nil {
		return 0, err
	}
	if u > math.MaxUint32 {
		return 0, corrupt("geometry SRID out of range")
	}
	return uint32(u), nil
}

// count reads an element count and checks that that many elements of at least
// minSize bytes each can still follow.
func (r *geomReader) count(minSize int) (int, error) {
	u, err := r.uvarint()
	if err != nil {
		return 0, err
	}
	if u > uint64((len(r.b)-r.p)/minSize) {
		return 0, corrupt("geometry element count %d exceeds input", u)
	}
	return int(u), nil
}

func (r *geomReader) xy() (float64, float64, error) {
	if len(r.b)-r.p < 16 {
		return 0, 0, corrupt("truncated geometry point")
	}
	x := math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.p:]))
	y := math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.p+8:]))
	r.p += 16
	return x, y, nil
}

func (r *geomReader) points() ([]types.Point, error) {
	n, err := r.count(minPointSize)
	if err != nil {
		return nil, err
	}
	pts := make([]types.Point, n)
	for i := range pts {
		if pts[i].SRID, err = r.srid(); err != nil {
			return nil, err
		}
		if pts[i].X, pts[i].Y, err = r.xy(); err != nil {
			return nil, err
		}
	}
	return pts, nil
}

func (r *geomReader) lines() ([]types.LineString, error) {
	n, err := r.count(minLineSize)
	if err != nil {
		return nil, err
	}
	lines := make([]types.LineString, n)
	for i := range lines {
		if lines[i].SRID, err = r.srid(); err != nil {
			return nil, err
		}
		if lines[i].Points, err = r.points(); err != nil {
			return nil, err
		}
	}
	return lines, nil
}

func (r *geomReader) geometry(depth int) (types.GeometryValue, error) {
	if depth > maxGeomDepth {
		return nil, corrupt("geometry nested too deeply")
	}
	if r.p >= len(r.b) {
		return nil, corrupt("truncated geometry")
	}
	kind := r.b[r.p]
	r.p++
	srid, err := r.srid()
	if err != nil {
		return nil, err
	}
	switch kind {
	case types.WKBPointID:
		x, y, err := r.xy()
		if err != nil {
			return nil, err
		}
		return types.Point{SRID: srid, X: x, Y: y}, nil
	case types.WKBLineID:
		pts, err := r.points()
		if err != nil {
			return nil, err
		}
		return types.LineString{SRID: srid, Points: pts}, nil
	case types.WKBMultiPointID:
		pts, err := r.points()
		if err != nil {
			return nil, err
		}
		return types.MultiPoint{SRID: srid, Points: pts}, nil
	case types.WKBPolyID:
		lines, err := r.lines()
		if err != nil {
			return nil, err
		}
		return types.Polygon{SRID: srid, Lines: lines}, nil
	case types.WKBMultiLineID:
		lines, err := r.lines()
		if err != nil {
			return nil, err
		}
		return types.MultiLineString{SRID: srid, Lines: lines}, nil
	case types.WKBMultiPolyID:
		n, err := r.count(minLineSize)
		if err != nil {
			return nil, err
		}
		polys := make([]types.Polygon, n)
		for i := range polys {
			if polys[i].SRID, err = r.srid(); err != nil {
				return nil, err
			}
			if polys[i].Lines, err = r.lines(); err != nil {
				return nil, err
			}
		}
		return types.MultiPolygon{SRID: srid, Polygons: polys}, nil
	case types.WKBGeomCollID:
		n, err := r.count(minGeomSize)
		if err != nil {
			return nil, err
		}
		geoms := make([]types.GeometryValue, n)
		for i := range geoms {
			if geoms[i], err = r.geometry(depth + 1); err != nil {
				return nil, err
			}
		}
		return types.GeomColl{SRID: srid, Geoms: geoms}, nil
	default:
		return nil, corrupt("unknown geometry kind %d", kind)
	}
}

func decodeGeometry(b []byte) (types.GeometryValue, error) {
	r := geomReader{b: b}
	g, err := r.geometry(0)
	if err != nil {
		return nil, err
	}
	if r.p != len(b) {
		return nil, corrupt("trailing bytes after geometry")
	}
	return g, nil
}
