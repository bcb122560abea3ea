package verify

import (
	"errors"
	"fmt"

	"soapbench.dev/workers/internal/samples"
	"soapbench.dev/workers/internal/xop"
)

// maxEnvelope bounds an answer read back from XOP: the largest response
// read, with its binary content as base64.
const maxEnvelope = maxResponse/3*4 + 4

// unpackXOP reads the answer to an XOP request back into a plain envelope.
// A successful answer must be an XOP package, with at least one part when
// the sample response has binary content: a stack that answers base64
// inline has not done what an MTOM workload measures. A fault (any other
// status) may come as plain SOAP; stacks send faults without attachments.
func unpackXOP(s samples.Sample, status int, contentType string, body []byte) ([]byte, error) {
	if status != 200 && !xop.IsXOP(contentType) {
		return body, nil
	}
	got, err := xop.Unpack(contentType, body, maxEnvelope)
	if errors.Is(err, xop.ErrNotXOP) {
		return nil, fmt.Errorf("the answer is not an MTOM/XOP package (Content-Type %q) although the workload asks for MTOM and the stack claims it", contentType)
	}
	if err != nil {
		return nil, fmt.Errorf("the answer's XOP package is malformed: %v", err)
	}
	if status == 200 && s.XOP.ResponseParts && got.Includes == 0 {
		return nil, fmt.Errorf("the answer is an XOP package but carries its base64Binary content inline (no xop:Include), although the workload asks for MTOM")
	}
	return got.Envelope, nil
}
