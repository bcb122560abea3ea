package samples

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
)

const (
	soap11Envelope = "http://schemas.xmlsoap.org/soap/envelope/"
	soap12Envelope = "http://www.w3.org/2003/05/soap-envelope"
)

// Block names a SOAP header block: a child element of the envelope's Header.
type Block struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
}

// HeaderBlocks lists the header blocks of a SOAP envelope in document order:
// none when it has no Header, or when envelope is empty (a one-way
// operation's response).
func HeaderBlocks(envelope []byte) ([]Block, error) {
	if len(bytes.TrimSpace(envelope)) == 0 {
		return nil, nil
	}
	dec := xml.NewDecoder(bytes.NewReader(envelope))
	var path []xml.Name
	var blocks []Block
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return blocks, nil
		}
		if err != nil {
			return nil, fmt.Errorf("not XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(path) == 2 && isEnvelope(path[0]) && path[1].Local == "Header" && path[1].Space == path[0].Space {
				blocks = append(blocks, Block{Namespace: t.Name.Space, Name: t.Name.Local})
			}
			path = append(path, t.Name)
		case xml.EndElement:
			path = path[:len(path)-1]
		}
	}
}

func isEnvelope(n xml.Name) bool {
	return n.Local == "Envelope" && (n.Space == soap11Envelope || n.Space == soap12Envelope)
}
