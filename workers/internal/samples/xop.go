package samples

import (
	"fmt"

	"soapbench.dev/workers/internal/xop"
)

// XOPRequest is a sample request packed as an MTOM/XOP package, and what the
// answer must be.
type XOPRequest struct {
	// Body and ContentType are what is sent instead of Request.
	Body        []byte
	ContentType string
	// ResponseParts says that the sample response has binary content, so an
	// answer that puts none of it into a part did not use MTOM.
	ResponseParts bool
}

// Body is what is sent: the XOP package when the sample has one, else the
// request envelope.
func (s Sample) Body() []byte {
	if s.XOP != nil {
		return s.XOP.Body
	}
	return s.Request
}

// PackXOP packs every sample's request as an XOP package whose parts carry
// the content of elements, and notes whether its response has such content.
// The envelopes stay as they are: they are what the runners' samples folder
// holds and what answers are compared with.
func PackXOP(list []Sample, elements []xop.Element) error {
	for i := range list {
		s := &list[i]
		req, err := xop.Pack(s.Request, elements, s.SOAPVersion, s.SOAPAction)
		if err != nil {
			return fmt.Errorf("operation %s: request: %v", s.Operation, err)
		}
		resp, err := xop.Pack(s.Response, elements, s.SOAPVersion, s.SOAPAction)
		if err != nil {
			return fmt.Errorf("operation %s: response: %v", s.Operation, err)
		}
		s.XOP = &XOPRequest{Body: req.Body, ContentType: req.ContentType, ResponseParts: resp.Parts > 0}
	}
	return nil
}
