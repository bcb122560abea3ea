package job

import (
	"os"
	"path/filepath"
	"testing"

	"soapbench.dev/workers/internal/message"
)

func TestJournalKeepsWhatTheSameAttemptConfirmed(t *testing.T) {
	job := message.RunJob{RunID: "6f1c2b0e-8a7d-4c1e-9b2a-0d3e4f5a6b7c", Attempt: 1, ConfigHash: "h1"}
	tests := []struct {
		name string
		// change alters the job or the file between the first delivery and the next.
		change       func(t *testing.T, path string, next *message.RunJob)
		wantMeasured int
		wantSeq      int
		wantRounds   int
	}{
		// The same attempt delivered again: everything recorded is kept.
		{"same attempt", func(*testing.T, string, *message.RunJob) {}, 2, 7, 2},
		// A failed attempt's successor starts afresh.
		{"next attempt", func(_ *testing.T, _ string, next *message.RunJob) { next.Attempt = 2 }, 0, 0, 0},
		// A job changed under the same run id is another job.
		{"other configuration", func(_ *testing.T, _ string, next *message.RunJob) { next.ConfigHash = "h2" }, 0, 0, 0},
		// A crash mid-write leaves a torn last line: the lines before it count.
		{"torn last line", func(t *testing.T, path string, _ *message.RunJob) {
			f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString(`{"measured":{"target":"cxf/pl`)
			f.Close()
		}, 2, 7, 2},
		// A file that is no journal of this run.
		{"foreign file", func(t *testing.T, path string, _ *message.RunJob) {
			os.WriteFile(path, []byte("not json\n"), 0o600)
		}, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			j, err := OpenJournal(dir, job)
			if err != nil {
				t.Fatal(err)
			}
			j.SetRounds([][]string{{"cxf/plain", "gsoap/plain"}, {"gsoap/plain", "cxf/plain"}})
			for seq := 1; seq <= 7; seq++ {
				j.ReserveSeq(seq)
			}
			j.RecordMeasured("cxf/plain", 1)
			j.RecordMeasured("gsoap/plain", 1)
			j.Close()

			next := job
			tt.change(t, filepath.Join(dir, job.RunID+".journal"), &next)
			again, err := OpenJournal(dir, next)
			if err != nil {
				t.Fatal(err)
			}
			defer again.Remove()
			if again.MeasuredCount() != tt.wantMeasured || again.LastSeq() != tt.wantSeq || len(again.Rounds()) != tt.wantRounds {
				t.Errorf("reopened: %d measured, last seq %d, %d rounds; want %d, %d, %d",
					again.MeasuredCount(), again.LastSeq(), len(again.Rounds()), tt.wantMeasured, tt.wantSeq, tt.wantRounds)
			}
			if tt.wantMeasured > 0 && (!again.Measured("cxf/plain", 1) || again.Measured("cxf/plain", 2)) {
				t.Error("the reopened journal lost which repetition was measured")
			}
		})
	}
}

func TestJournalRemembersFailedTargets(t *testing.T) {
	job := message.RunJob{RunID: "r1", Attempt: 1}
	dir := t.TempDir()
	j, _ := OpenJournal(dir, job)
	j.RecordFailed("cxf", "sign")
	j.RecordFailed("wsf", "")
	j.Close()
	again, _ := OpenJournal(dir, job)
	defer again.Remove()
	tests := []struct {
		stack, security string
		want            bool
	}{
		// The mode that failed.
		{"cxf", "sign", true},
		// Another mode of the same stack still runs.
		{"cxf", "plain", false},
		// A stack failed as a whole fails in every mode.
		{"wsf", "plain", true},
		// A stack never reported.
		{"gsoap", "plain", false},
	}
	for _, tt := range tests {
		if got := again.Failed(tt.stack, tt.security); got != tt.want {
			t.Errorf("Failed(%s, %s) = %v, want %v", tt.stack, tt.security, got, tt.want)
		}
	}
}

func TestJournalRefusesRunIDsThatAreNoFileNames(t *testing.T) {
	for _, id := range []string{"../x", "a/b", "", ".hidden"} {
		if _, err := OpenJournal(t.TempDir(), message.RunJob{RunID: id}); err == nil {
			t.Errorf("run id %q named a journal", id)
		}
	}
}

func TestRemovedJournalStartsAfresh(t *testing.T) {
	dir := t.TempDir()
	job := message.RunJob{RunID: "r1", Attempt: 1}
	j, _ := OpenJournal(dir, job)
	j.RecordMeasured("cxf/plain", 1)
	if err := j.Remove(); err != nil {
		t.Fatal(err)
	}
	again, _ := OpenJournal(dir, job)
	defer again.Remove()
	if again.MeasuredCount() != 0 {
		t.Error("a journal removed after the ack came back")
	}
}
