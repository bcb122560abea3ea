package job

import (
	"bytes"
	"encoding/base64"
	"testing"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/xop"
)

func TestAnMTOMRunSendsXOPPackagesAndKeepsTheEnvelopesForTheRunners(t *testing.T) {
	content := base64.StdEncoding.EncodeToString([]byte("\x00\x01 binary \xfe\xff"))
	env := `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><f:put xmlns:f="urn:f"><f:data>` +
		content + `</f:data></f:put></s:Body></s:Envelope>`
	job := message.RunJob{
		Samples:     []message.Sample{{Operation: "put", SOAPAction: "urn:put", SOAPVersion: "1.1", Request: env, Response: env}},
		XOPElements: []message.XOPElement{{Namespace: "urn:f", Name: "data"}},
	}
	for _, mtom := range []bool{false, true} {
		job.Workload.MTOM = mtom
		r := &run{job: job}
		_, all, err := r.requestSequence()
		if err != nil {
			t.Fatal(err)
		}
		s := all[0]
		// The samples folder the runners build from holds the plain envelope either way.
		if string(s.Request) != env {
			t.Errorf("mtom %v: the request envelope changed", mtom)
		}
		if !mtom {
			if s.XOP != nil {
				t.Errorf("a run without mtom packed its requests")
			}
			continue
		}
		if s.XOP == nil || !xop.IsXOP(s.XOP.ContentType) || !bytes.Contains(s.Body(), []byte(" binary ")) || !s.XOP.ResponseParts {
			t.Errorf("an mtom run did not send an XOP package with the binary part: %+v", s.XOP)
		}
	}
}
