package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"soapbench.dev/workers/internal/message"
	"soapbench.dev/workers/internal/samples"
)

const echoAction = "urn:soapbench:echo:echo"

// echoEnvelope is an echo request or response whose text is size bytes:
// the message size of the 2010 WSO2 comparison is the payload's.
func echoEnvelope(element string, size int) string {
	head := `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:e="urn:soapbench:echo"><soapenv:Body><e:` + element + `><e:text>`
	tail := `</e:text></e:` + element + `></soapenv:Body></soapenv:Envelope>`
	pad := max(1, size)
	const words = "the quick brown fox jumps over the lazy dog 0123456789 "
	text := strings.Repeat(words, pad/len(words)+1)[:pad]
	return head + text + tail
}

// echoSample is the echo operation with a size-byte text and the response
// it must get.
func echoSample(size int) message.Sample {
	req := echoEnvelope("echo", size)
	resp := strings.Replace(strings.Replace(req, "<e:echo>", "<e:echoResponse>", 1), "</e:echo>", "</e:echoResponse>", 1)
	return message.Sample{Operation: "echo", SOAPAction: echoAction, SOAPVersion: "1.1", Request: req, Response: resp}
}

func driverSamples(s message.Sample) []samples.Sample {
	return []samples.Sample{{Operation: s.Operation, SOAPAction: s.SOAPAction, SOAPVersion: s.SOAPVersion, Request: []byte(s.Request), Response: []byte(s.Response)}}
}

// writeSamples writes the samples folder a runner's build reads.
func writeSamples(dir string, s message.Sample) error {
	return samples.Write(dir, driverSamples(s))
}

// repoRoot finds the repository from the working directory: the folder
// holding wsdl-catalog/.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "wsdl-catalog", "echo", "echo.wsdl")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no wsdl-catalog/echo/echo.wsdl above the working directory: run from the repository")
		}
		dir = parent
	}
}
