package samples

import "net/http"

// Headers returns the HTTP headers that carry a request for s: SOAP 1.1 puts
// the action in SOAPAction, SOAP 1.2 in the action parameter of the media type
// (of the package and its root part, for an XOP package).
func (s Sample) Headers() http.Header {
	h := http.Header{}
	if s.XOP != nil {
		h.Set("Content-Type", s.XOP.ContentType)
		if s.SOAPVersion != "1.2" {
			h.Set("SOAPAction", `"`+s.SOAPAction+`"`)
		}
		return h
	}
	if s.SOAPVersion == "1.2" {
		ct := "application/soap+xml; charset=utf-8"
		if s.SOAPAction != "" {
			ct += `; action="` + s.SOAPAction + `"`
		}
		h.Set("Content-Type", ct)
		return h
	}
	h.Set("Content-Type", "text/xml; charset=utf-8")
	h.Set("SOAPAction", `"`+s.SOAPAction+`"`)
	return h
}
