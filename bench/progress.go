package bench

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Progress draws progress bars for long steps. The zero value (no writer)
// draws nothing, which is what --json and tests use.
type Progress struct {
	W io.Writer
}

// bar is a started progress bar; a nil *bar ignores everything.
type bar struct{ pb *progressbar.ProgressBar }

// start begins a bar of total units (-1: unknown, a spinner with a rate).
func (p Progress) start(desc, unit string, total int64) *bar {
	if p.W == nil {
		return nil
	}
	pb := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(p.W),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(unit),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionSetWidth(30),
		progressbar.OptionOnCompletion(func() { io.WriteString(p.W, "\n") }),
	)
	return &bar{pb: pb}
}

func (b *bar) add(n int) {
	if b != nil {
		b.pb.Add(n)
	}
}

func (b *bar) finish() {
	if b != nil {
		b.pb.Finish()
	}
}
