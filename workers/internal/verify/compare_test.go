package verify

import (
	"strings"
	"testing"
)

func envelope(body string) []byte {
	return []byte(`<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:o="urn:orders"><s:Body>` + body + `</s:Body></s:Envelope>`)
}

const orderResponse = `<o:getOrderResponse><o:order><o:id>4711</o:id><o:placed>2026-03-14T09:26:53Z</o:placed>` +
	`<o:line><o:sku>A-100</o:sku><o:unitPrice>19.95</o:unitPrice></o:line>` +
	`<o:line><o:sku>B-220</o:sku><o:unitPrice>5.50</o:unitPrice></o:line></o:order></o:getOrderResponse>`

func TestCompare(t *testing.T) {
	tests := []struct {
		name    string
		got     []byte
		wantErr string // "" when the answer must be accepted
	}{
		// The sample itself matches.
		{"identical", envelope(orderResponse), ""},
		// Other prefixes for the same namespaces and whitespace between elements.
		{"prefixes and whitespace differ", []byte(`<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>
			<getOrderResponse xmlns="urn:orders"><order><id> 4711 </id><placed>2026-03-14T09:26:53Z</placed>
			<line><sku>A-100</sku><unitPrice>19.95</unitPrice></line>
			<line><sku>B-220</sku><unitPrice>5.50</unitPrice></line></order></getOrderResponse></soap:Body></soap:Envelope>`), ""},
		// 5.5 and 5.50 are the same decimal.
		{"number written differently", envelope(strings.Replace(orderResponse, "5.50", "5.5", 1)), ""},
		// A double printed with 17 digits is the same double.
		{"double with more digits", envelope(strings.Replace(orderResponse, "19.95", "19.949999999999999", 1)), ""},
		// The same instant in another time zone.
		{"dateTime in another zone", envelope(strings.Replace(orderResponse, "2026-03-14T09:26:53Z", "2026-03-14T10:26:53.000+01:00", 1)), ""},
		// xsi:type and extra namespace declarations are ignored.
		{"xsi:type ignored", envelope(strings.Replace(orderResponse, "<o:id>", `<o:id xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xsi:type="xsd:long">`, 1)), ""},
		// A different number is reported with its path and both values.
		{"wrong number", envelope(strings.Replace(orderResponse, "5.50", "5.51", 1)),
			"/getOrderResponse/order/line[2]/unitPrice: expected 5.50, got 5.51"},
		// A different instant.
		{"wrong instant", envelope(strings.Replace(orderResponse, "2026-03-14T09:26:53Z", "2026-03-14T09:26:53+01:00", 1)),
			"/getOrderResponse/order/placed: expected 2026-03-14T09:26:53Z, got 2026-03-14T09:26:53+01:00"},
		// Text is compared as text.
		{"wrong text", envelope(strings.Replace(orderResponse, "A-100", "A-101", 1)),
			"/getOrderResponse/order/line[1]/sku: expected A-100, got A-101"},
		// The same local name in another namespace is another element.
		{"wrong namespace", envelope(strings.Replace(strings.Replace(orderResponse, "<o:id>", `<x:id xmlns:x="urn:other">`, 1), "</o:id>", "</x:id>", 1)),
			"/getOrderResponse/order/id: expected element {urn:orders}id, got {urn:other}id"},
		// A repeated element that is missing.
		{"missing line", envelope(strings.Replace(orderResponse, `<o:line><o:sku>B-220</o:sku><o:unitPrice>5.50</o:unitPrice></o:line>`, "", 1)),
			"/getOrderResponse/order/line[2]: missing"},
		// An element the sample does not have.
		{"extra element", envelope(strings.Replace(orderResponse, "</o:order>", "<o:note>x</o:note></o:order>", 1)),
			"/getOrderResponse/order/note: unexpected element"},
		// Attributes other than namespace declarations and xsi:type count.
		{"unexpected attribute", envelope(strings.Replace(orderResponse, "<o:order>", `<o:order currency="EUR">`, 1)),
			"/getOrderResponse/order/@currency: unexpected attribute"},
		// A fault instead of the payload.
		{"soap fault", envelope(`<s:Fault><faultcode>s:Server</faultcode><faultstring>boom</faultstring></s:Fault>`),
			"SOAP Fault: s:Server boom"},
		// A SOAP 1.2 fault.
		{"soap 1.2 fault", []byte(`<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body><e:Fault><e:Code><e:Value>e:Receiver</e:Value></e:Code><e:Reason><e:Text>broken</e:Text></e:Reason></e:Fault></e:Body></e:Envelope>`),
			"SOAP Fault: e:Receiver broken"},
		// Not a SOAP envelope at all.
		{"not an envelope", []byte(`<html><body>error</body></html>`), "not a SOAP Envelope"},
		// Not XML.
		{"not xml", []byte(`Internal Server Error`), "response is not XML"},
	}
	expected := envelope(orderResponse)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Compare(expected, tt.got)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Compare() = %v, want a match", err)
			case tt.wantErr != "" && err == nil:
				t.Fatalf("Compare() = nil, want an error containing %q", tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Fatalf("Compare() = %q, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

const encodedPairs = `<p:echoResponse xmlns:p="urn:pairs" s:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">` +
	`<pairs xmlns:enc="http://schemas.xmlsoap.org/soap/encoding/" enc:arrayType="p:Pair[2]"><item>a</item><item>b</item></pairs></p:echoResponse>`

func TestCompareEncodedAndFaults(t *testing.T) {
	tests := []struct {
		name     string
		expected []byte
		got      []byte
		wantErr  string // "" when the answer must be accepted
	}{
		// encodingStyle is inherited: on the Body instead of the wrapper it means the same.
		{"encodingStyle on the Body", envelope(encodedPairs),
			[]byte(`<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/" xmlns:q="urn:pairs"><S:Body S:encodingStyle="http://schemas.xmlsoap.org/soap/encoding/">` +
				`<q:echoResponse><pairs xmlns:E="http://schemas.xmlsoap.org/soap/encoding/" E:arrayType="q:Pair[2]"><item>a</item><item>b</item></pairs></q:echoResponse></S:Body></S:Envelope>`), ""},
		// arrayType names a type: its prefix is resolved, so another namespace is another type.
		{"arrayType of another namespace", envelope(encodedPairs),
			envelope(strings.Replace(encodedPairs, `enc:arrayType="p:Pair[2]"`, `xmlns:z="urn:other" enc:arrayType="z:Pair[2]"`, 1)),
			"/echoResponse/pairs/@{http://schemas.xmlsoap.org/soap/encoding/}arrayType: expected {urn:pairs}Pair[2], got {urn:other}Pair[2]"},
		// xsi:nil="1" and xsi:nil="true" say the same.
		{"xsi:nil spelled 1", envelope(`<p:r xmlns:p="urn:pairs" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><note xsi:nil="true"/></p:r>`),
			envelope(`<p:r xmlns:p="urn:pairs" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><note i:nil="1"/></p:r>`), ""},
		// A sample that is a fault expects that fault, whatever prefix the stack gives its code.
		{"expected fault", envelope(`<s:Fault><faultcode>s:Client</faultcode><faultstring>division by zero</faultstring></s:Fault>`),
			[]byte(`<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body><SOAP-ENV:Fault>` +
				`<faultcode>SOAP-ENV:Client</faultcode><faultstring>division by zero</faultstring></SOAP-ENV:Fault></SOAP-ENV:Body></SOAP-ENV:Envelope>`), ""},
		// An xs:QName value in no namespace, answered with a prefix bound to no namespace (gSOAP).
		{"qname in no namespace re-prefixed", envelope(`<p:r xmlns:p="urn:pairs"><id><qn>text2</qn></id></p:r>`),
			envelope(`<p:r xmlns:p="urn:pairs"><id xmlns:_0=""><qn>_0:text2</qn></id></p:r>`), ""},
		// An xs:QName value answered through another prefix for the same namespace.
		{"qname re-prefixed", envelope(`<p:r xmlns:p="urn:pairs"><qn>p:Pair</qn></p:r>`),
			envelope(`<ns4:r xmlns:ns4="urn:pairs"><qn>ns4:Pair</qn></ns4:r>`), ""},
		// ... but not one in another namespace, nor one whose prefix is not bound.
		{"qname of another namespace", envelope(`<p:r xmlns:p="urn:pairs"><qn>p:Pair</qn></p:r>`),
			envelope(`<p:r xmlns:p="urn:pairs" xmlns:z="urn:other"><qn>z:Pair</qn></p:r>`),
			"/r/qn: expected p:Pair, got z:Pair"},
		{"qname with an unbound prefix", envelope(`<p:r xmlns:p="urn:pairs"><qn>text2</qn></p:r>`),
			envelope(`<p:r xmlns:p="urn:pairs"><qn>_0:text2</qn></p:r>`),
			"/r/qn: expected text2, got _0:text2"},
		// An unprefixed value resolves against the default namespace, which is not "no namespace".
		{"qname in the default namespace", envelope(`<p:r xmlns:p="urn:pairs" xmlns="urn:d"><p:qn>text2</p:qn></p:r>`),
			envelope(`<p:r xmlns:p="urn:pairs" xmlns:d="urn:d"><p:qn>d:text2</p:qn></p:r>`), ""},
		{"qname not in the default namespace", envelope(`<p:r xmlns:p="urn:pairs" xmlns="urn:d"><p:qn>text2</p:qn></p:r>`),
			envelope(`<p:r xmlns:p="urn:pairs"><p:qn>p:text2</p:qn></p:r>`),
			"/r/qn: expected text2, got p:text2"},
		// The wrong fault code is still wrong.
		{"wrong fault code", envelope(`<s:Fault><faultcode>s:Client</faultcode><faultstring>division by zero</faultstring></s:Fault>`),
			envelope(`<s:Fault><faultcode>s:Server</faultcode><faultstring>division by zero</faultstring></s:Fault>`),
			"faultcode: expected {http://schemas.xmlsoap.org/soap/envelope/}Client, got {http://schemas.xmlsoap.org/soap/envelope/}Server"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Compare(tt.expected, tt.got)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Compare() = %v, want a match", err)
			case tt.wantErr != "" && err == nil:
				t.Fatalf("Compare() = nil, want an error containing %q", tt.wantErr)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Fatalf("Compare() = %q, want it to contain %q", err, tt.wantErr)
			}
		})
	}
}

func TestSameValue(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"5.50", "5.5", true},                                 // trailing zero
		{"45.4", "45.4000015", true},                          // a float printed with 9 digits
		{"1e3", "1000", true},                                 // exponent notation
		{"-0", "0", true},                                     // signed zero
		{"1.5", "1.6", false},                                 // different numbers
		{"12", "12abc", false},                                // one side is no number
		{"true", "1", false},                                  // booleans are compared as text
		{"2026-03-14T09:26:53", "2026-03-14T09:26:53Z", true}, // no zone means UTC
		{"2026-03-14T09:26:53.5Z", "2026-03-14T09:26:53.500Z", true}, // fraction written differently
		{"2026-03-14T09:26:53Z", "2026-03-14T09:26:54Z", false},      // a second apart
	}
	for _, tt := range tests {
		if got := sameValue(tt.a, tt.b); got != tt.want {
			t.Errorf("sameValue(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}
