// Package samples reads and writes the samples folder of the runner contract
// (docs/runner-contract.md): index.json plus one request and one response
// envelope per operation.
package samples

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// Sample is one operation's sample request and the response a server must give.
type Sample struct {
	Operation   string
	SOAPAction  string
	SOAPVersion string
	OneWay      bool
	Request     []byte
	Response    []byte
	// XOP, when set, is the request as an MTOM/XOP package: sent instead of
	// Request, and the answer must be one too (workload mtom).
	XOP *XOPRequest
}

// IndexEntry is one element of index.json. HeadersIn and HeadersOut name
// the header blocks of the request and of the response envelope, so a
// runner knows which headers its generic implementation reads and emits
// without parsing the envelopes; Write takes them from the envelopes.
type IndexEntry struct {
	Operation   string  `json:"operation"`
	SOAPAction  string  `json:"soapAction"`
	SOAPVersion string  `json:"soapVersion"`
	OneWay      bool    `json:"oneWay"`
	Request     string  `json:"request"`
	Response    string  `json:"response"`
	HeadersIn   []Block `json:"headersIn,omitempty"`
	HeadersOut  []Block `json:"headersOut,omitempty"`
}

var operationName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]*$`)

// Load reads dir/index.json and the files it names.
func Load(dir string) ([]Sample, error) {
	indexPath := filepath.Join(dir, "index.json")
	raw, err := os.ReadFile(indexPath)
	if err != nil {
		return nil, err
	}
	var index []IndexEntry
	if err := json.Unmarshal(raw, &index); err != nil {
		return nil, fmt.Errorf("%s: %v", indexPath, err)
	}
	if len(index) == 0 {
		return nil, fmt.Errorf("%s: no operations", indexPath)
	}
	out := make([]Sample, 0, len(index))
	for i, e := range index {
		if err := checkEntry(e); err != nil {
			return nil, fmt.Errorf("%s: entry %d: %v", indexPath, i+1, err)
		}
		req, err := readInside(dir, e.Request)
		if err != nil {
			return nil, fmt.Errorf("%s: operation %s: %v", indexPath, e.Operation, err)
		}
		resp, err := readInside(dir, e.Response)
		if err != nil {
			return nil, fmt.Errorf("%s: operation %s: %v", indexPath, e.Operation, err)
		}
		out = append(out, Sample{
			Operation: e.Operation, SOAPAction: e.SOAPAction, SOAPVersion: e.SOAPVersion,
			OneWay: e.OneWay, Request: req, Response: resp,
		})
	}
	return out, nil
}

// Write creates dir/index.json and the files <operation>.request.xml and
// <operation>.response.xml for every sample.
func Write(dir string, list []Sample) error {
	return write(dir, list, func(_ int, s Sample) string { return s.Operation })
}

// WriteSequence creates dir/index.json listing every sample of list in
// order, an operation possibly many times, each with files of its own
// (000001-<operation>.request.xml, ...): a request sequence in the samples
// layout.
func WriteSequence(dir string, list []Sample) error {
	return write(dir, list, func(i int, s Sample) string { return fmt.Sprintf("%06d-%s", i+1, s.Operation) })
}

func write(dir string, list []Sample, fileName func(int, Sample) string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	index := make([]IndexEntry, 0, len(list))
	for i, s := range list {
		name := fileName(i, s)
		e := IndexEntry{
			Operation: s.Operation, SOAPAction: s.SOAPAction, SOAPVersion: s.SOAPVersion, OneWay: s.OneWay,
			Request: name + ".request.xml", Response: name + ".response.xml",
		}
		if err := checkEntry(e); err != nil {
			return fmt.Errorf("sample %d (%q): %v", i+1, s.Operation, err)
		}
		var err error
		if e.HeadersIn, err = HeaderBlocks(s.Request); err != nil {
			return fmt.Errorf("sample %d (%q): request: %v", i+1, s.Operation, err)
		}
		if e.HeadersOut, err = HeaderBlocks(s.Response); err != nil {
			return fmt.Errorf("sample %d (%q): response: %v", i+1, s.Operation, err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Request), s.Request, 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, e.Response), s.Response, 0o644); err != nil {
			return err
		}
		index = append(index, e)
	}
	raw, err := json.MarshalIndent(index, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "index.json"), append(raw, '\n'), 0o644)
}

func checkEntry(e IndexEntry) error {
	if !operationName.MatchString(e.Operation) {
		return fmt.Errorf("operation name %q is not a plain name", e.Operation)
	}
	if e.SOAPVersion != "1.1" && e.SOAPVersion != "1.2" {
		return fmt.Errorf("operation %s: soapVersion %q is neither 1.1 nor 1.2", e.Operation, e.SOAPVersion)
	}
	return nil
}

// readInside reads name relative to dir, refusing names that leave dir.
func readInside(dir, name string) ([]byte, error) {
	if name == "" || filepath.IsAbs(name) || !filepath.IsLocal(name) {
		return nil, fmt.Errorf("file name %q must be relative and stay inside the samples folder", name)
	}
	return os.ReadFile(filepath.Join(dir, name))
}
