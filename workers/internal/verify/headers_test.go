package verify

import (
	"strings"
	"testing"
)

// withHeader is a SOAP 1.1 envelope with a Header and a fixed Body.
func withHeader(header string) []byte {
	return []byte(`<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:h="urn:h" xmlns:t="urn:t">` +
		`<s:Header>` + header + `</s:Header><s:Body><h:lookupResponse><h:value>teal</h:value></h:lookupResponse></s:Body></s:Envelope>`)
}

const serverInfo = `<h:serverInfo><h:node>node-7</h:node><h:cached>true</h:cached></h:serverInfo>`

func TestCompareHeaders(t *testing.T) {
	expected := withHeader(serverInfo)
	tests := []struct {
		name    string
		got     []byte
		wantErr string // "" when the answer must be accepted
	}{
		// The sample itself matches.
		{"identical", expected, ""},
		// Other prefixes and whitespace, as in the Body.
		{"prefixes and spelling", []byte(`<e:Envelope xmlns:e="http://schemas.xmlsoap.org/soap/envelope/"><e:Header>
			<serverInfo xmlns="urn:h"><node> node-7 </node><cached>true</cached></serverInfo></e:Header>
			<e:Body><lookupResponse xmlns="urn:h"><value>teal</value></lookupResponse></e:Body></e:Envelope>`), ""},
		// Blocks the binding does not declare (a stack's own) are ignored, before or after.
		{"unknown extra blocks", withHeader(`<t:trace>x</t:trace>` + serverInfo + `<t:other/>`), ""},
		// A stack may mark a block mustUnderstand="0" or give it an actor; that is no content.
		{"soap attributes on the block", withHeader(strings.Replace(serverInfo, "<h:serverInfo>", `<h:serverInfo s:mustUnderstand="0" s:actor="http://schemas.xmlsoap.org/soap/actor/next">`, 1)), ""},
		// No Header at all.
		{"no header", []byte(`<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:h="urn:h"><s:Body><h:lookupResponse><h:value>teal</h:value></h:lookupResponse></s:Body></s:Envelope>`),
			"Header/serverInfo: missing header block {urn:h}serverInfo"},
		// A Header without the declared block.
		{"declared block missing", withHeader(`<t:trace>x</t:trace>`), "missing header block {urn:h}serverInfo"},
		// The same local name in another namespace is another block.
		{"block in another namespace", withHeader(strings.ReplaceAll(serverInfo, "h:", "t:")), "missing header block {urn:h}serverInfo"},
		// A wrong value inside the block is reported with its path.
		{"wrong value", withHeader(strings.Replace(serverInfo, "node-7", "node-8", 1)),
			"Header/serverInfo/node: expected node-7, got node-8"},
		// Content the sample does not have.
		{"extra element in the block", withHeader(strings.Replace(serverInfo, "</h:serverInfo>", "<h:zone>b</h:zone></h:serverInfo>", 1)),
			"Header/serverInfo/zone: unexpected element"},
		// Other attributes of the block count.
		{"attribute on the block", withHeader(strings.Replace(serverInfo, "<h:serverInfo>", `<h:serverInfo id="1">`, 1)),
			"Header/serverInfo/@id: unexpected attribute"},
		// A declared block sent twice.
		{"declared block twice", withHeader(serverInfo + serverInfo), "2 header blocks {urn:h}serverInfo, expected 1"},
		// A right Header does not excuse a wrong Body.
		{"wrong body", []byte(strings.Replace(string(expected), "teal", "red", 1)), "/lookupResponse/value: expected teal, got red"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Compare(expected, tt.got)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Compare() = %v, want no error", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Fatalf("Compare() = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestCompareIgnoresHeadersWhenTheSampleHasNone(t *testing.T) {
	// A sample without a Header asks nothing of the answer's headers.
	if err := Compare(envelope(orderResponse), []byte(strings.Replace(string(envelope(orderResponse)), "<s:Body>", `<s:Header><o:x>1</o:x></s:Header><s:Body>`, 1))); err != nil {
		t.Fatalf("Compare() = %v, want no error", err)
	}
}
