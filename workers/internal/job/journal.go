package job

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"time"

	"soapbench.dev/workers/internal/message"
)

// Journal is what one attempt of a run has done, kept in the worker's state
// folder so that a redelivery of the job (after a broker outage, or after
// this worker was killed and started again) resumes instead of measuring
// again: the round plan, the last event seq used, and every measurement the
// broker confirmed. It is one file of JSON lines per run, appended to and
// never rewritten, so a crash mid-write loses at most its last line. A nil
// *Journal records nothing.
type Journal struct {
	mu       sync.Mutex
	path     string
	f        *os.File
	head     journalHead
	rounds   [][]string
	lastSeq  int
	measured map[measuredKey]bool
	// failed holds "stack/security" of the targets reported failed, and
	// "stack/" of stacks failed in every mode.
	failed map[string]bool
	// cells holds the interop cells the broker confirmed (interopCellKey).
	cells map[string]bool
}

// journalHead names the job a journal belongs to: another attempt or
// another configuration of the run starts a fresh journal.
type journalHead struct {
	RunID      string `json:"runId"`
	Attempt    int    `json:"attempt"`
	ConfigHash string `json:"configHash"`
}

// measuredKey is one measurement: a target ("stack/security", whose cell
// the security mode fixes) in one repetition.
type measuredKey struct {
	Target     string `json:"target"`
	Repetition int    `json:"repetition"`
}

// journalLine is one line of the file; exactly one field is set.
type journalLine struct {
	Head     *journalHead `json:"head,omitempty"`
	Rounds   [][]string   `json:"rounds,omitempty"`
	Seq      int          `json:"seq,omitempty"`
	Measured *measuredKey `json:"measured,omitempty"`
	Failed   string       `json:"failed,omitempty"`
	Cell     string       `json:"cell,omitempty"`
}

// runIDName is what a run id must look like to name a file.
var runIDName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9-]{0,99}$`)

// OpenJournal opens the journal of job in dir, keeping what an earlier
// delivery of the same attempt recorded and starting afresh otherwise.
func OpenJournal(dir string, job message.RunJob) (*Journal, error) {
	if !runIDName.MatchString(job.RunID) {
		return nil, fmt.Errorf("run id %q cannot name a journal", job.RunID)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("state folder: %v", err)
	}
	j := &Journal{path: filepath.Join(dir, job.RunID+".journal"), measured: map[measuredKey]bool{}, failed: map[string]bool{}, cells: map[string]bool{},
		head: journalHead{RunID: job.RunID, Attempt: max(job.Attempt, 1), ConfigHash: job.ConfigHash}}
	if !j.load() {
		j.rounds, j.lastSeq, j.measured, j.failed, j.cells = nil, 0, map[measuredKey]bool{}, map[string]bool{}, map[string]bool{}
		if err := os.Remove(j.path); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
	}
	f, err := os.OpenFile(j.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	j.f = f
	if info, err := f.Stat(); err == nil && info.Size() == 0 {
		if err := j.append(journalLine{Head: &j.head}); err != nil {
			f.Close()
			return nil, err
		}
	}
	return j, nil
}

// load reads an existing journal; false when there is none or it belongs
// to another attempt.
func (j *Journal) load() bool {
	f, err := os.Open(j.path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	first := true
	for sc.Scan() {
		var l journalLine
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			// A line torn by a crash is the last one; what it said is lost.
			break
		}
		if first {
			if l.Head == nil || *l.Head != j.head {
				return false
			}
			first = false
			continue
		}
		switch {
		case l.Rounds != nil:
			j.rounds = l.Rounds
		case l.Seq > 0:
			j.lastSeq = max(j.lastSeq, l.Seq)
		case l.Measured != nil:
			j.measured[*l.Measured] = true
		case l.Failed != "":
			j.failed[l.Failed] = true
		case l.Cell != "":
			j.cells[l.Cell] = true
		}
	}
	return !first
}

func (j *Journal) append(l journalLine) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	raw, err := json.Marshal(l)
	if err != nil {
		return err
	}
	_, err = j.f.Write(append(raw, '\n'))
	return err
}

// Rounds is the recorded round plan, nil before one was recorded.
func (j *Journal) Rounds() [][]string {
	if j == nil {
		return nil
	}
	return j.rounds
}

// SetRounds records the round plan: every round's order of targets.
func (j *Journal) SetRounds(rounds [][]string) error {
	if j == nil {
		return nil
	}
	j.rounds = rounds
	return j.append(journalLine{Rounds: rounds})
}

// LastSeq is the highest event seq an earlier delivery may have used.
func (j *Journal) LastSeq() int {
	if j == nil {
		return 0
	}
	return j.lastSeq
}

// ReserveSeq records seq before its event is published: whether or not the
// broker got it, a resumed delivery must not send another event under it.
func (j *Journal) ReserveSeq(seq int) error {
	if j == nil || seq <= j.lastSeq {
		return nil
	}
	j.lastSeq = seq
	return j.append(journalLine{Seq: seq})
}

// Measured tells whether the broker confirmed target's measurement of repetition.
func (j *Journal) Measured(target string, repetition int) bool {
	if j == nil {
		return false
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.measured[measuredKey{target, repetition}]
}

// RecordMeasured records a measurement the broker confirmed.
func (j *Journal) RecordMeasured(target string, repetition int) error {
	if j == nil {
		return nil
	}
	k := measuredKey{target, repetition}
	j.mu.Lock()
	j.measured[k] = true
	j.mu.Unlock()
	return j.append(journalLine{Measured: &k})
}

// RecordFailed records a stack_failed or verify_failed the broker confirmed:
// a resumed delivery neither builds nor measures that target again, as the
// backend holds its outcome. An empty security means every mode.
func (j *Journal) RecordFailed(stack, security string) error {
	if j == nil {
		return nil
	}
	k := stack + "/" + security
	j.mu.Lock()
	j.failed[k] = true
	j.mu.Unlock()
	return j.append(journalLine{Failed: k})
}

// Failed tells whether stack in security mode was reported failed.
func (j *Journal) Failed(stack, security string) bool {
	if j == nil {
		return false
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.failed[stack+"/"] || j.failed[stack+"/"+security]
}

// RecordCell records an interop cell the broker confirmed: a resumed
// delivery does not send it again.
func (j *Journal) RecordCell(key string) error {
	if j == nil {
		return nil
	}
	j.mu.Lock()
	j.cells[key] = true
	j.mu.Unlock()
	return j.append(journalLine{Cell: key})
}

// CellSent tells whether the broker confirmed the interop cell key.
func (j *Journal) CellSent(key string) bool {
	if j == nil {
		return false
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.cells[key]
}

// MeasuredCount is how many measurements the journal holds, an interop
// run's cells included: each is one measurement a resumed delivery skips.
func (j *Journal) MeasuredCount() int {
	if j == nil {
		return 0
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.measured) + len(j.cells)
}

// Close closes the file and keeps it for a later delivery.
func (j *Journal) Close() error {
	if j == nil {
		return nil
	}
	return j.f.Close()
}

// Remove closes and deletes the journal: the job was acked.
func (j *Journal) Remove() error {
	if j == nil {
		return nil
	}
	j.f.Close()
	if err := os.Remove(j.path); err != nil && !os.IsNotExist(err) {
		return err
	}
	return nil
}

// PruneJournals deletes journals in dir untouched for longer than age: their
// runs ended on other workers long ago.
func PruneJournals(dir string, age time.Duration) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.journal"))
	for _, f := range files {
		if info, err := os.Stat(f); err == nil && time.Since(info.ModTime()) > age {
			os.Remove(f)
		}
	}
}
