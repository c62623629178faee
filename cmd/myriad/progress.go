package main

import (
	"io"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/myriaddb/myriad/backup"
)

// stageBars draws one byte-count progress bar per stage of a long operation
// (backup: checksum; restore: verify, copy) on w; a nil *stageBars (no
// writer: --progress never, or not a terminal under auto) draws nothing.
type stageBars struct {
	w     io.Writer
	stage string
	bar   *progressbar.ProgressBar
}

func newStageBars(w io.Writer) *stageBars {
	if w == nil {
		return nil
	}
	return &stageBars{w: w}
}

// update moves stage's bar to done of total bytes, finishing the previous
// stage's bar when the stage changes.
func (s *stageBars) update(stage string, done, total int64) {
	if s == nil {
		return
	}
	if stage != s.stage {
		s.finish()
		s.stage = stage
		w := s.w
		s.bar = progressbar.NewOptions64(total,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(stage),
			progressbar.OptionShowBytes(true),
			progressbar.OptionSetPredictTime(true),
			progressbar.OptionThrottle(200*time.Millisecond),
			progressbar.OptionSetWidth(30),
			progressbar.OptionOnCompletion(func() { io.WriteString(w, "\n") }))
	}
	s.bar.ChangeMax64(total)
	s.bar.Set64(done)
}

func (s *stageBars) finish() {
	if s != nil && s.bar != nil {
		s.bar.Finish()
		s.bar = nil
	}
}

// progress is a backup.Progress drawing these bars (nil when drawing nothing).
func (s *stageBars) progress() backup.Progress {
	if s == nil {
		return nil
	}
	return s.update
}
