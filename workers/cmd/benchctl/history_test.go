package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// historyWith answers GET /api/v1/projects/history with one gSOAP p99 series whose last change is c.
func historyWith(c string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/projects/history" || r.URL.Query().Get("project") != "acme/billing" {
			http.NotFound(w, r)
			return
		}
		w.Write([]byte(`{"project":"acme/billing","branch":"main","runs":[{"slug":"a"}],"series":[
			{"hardwareClass":"local","cell":"plain","stack":"gsoap","metric":"latencyP99","points":[],"changes":[` + c + `]}]}`))
	}))
}

func TestHistoryFailsOnAnUnacknowledgedChangeForTheWorse(t *testing.T) {
	for _, tt := range []struct {
		name, change string
		want         int
	}{
		{"a higher p99", `{"direction":"higher","regression":true,"ratio":1.5,"text":"gsoap's p99 latency became higher"}`, exitRegression},
		{"a lower p99", `{"direction":"lower","regression":false,"ratio":0.6,"text":"lower"}`, exitOK},
		{"within the threshold", `{"direction":"higher","regression":true,"ratio":1.03,"text":"higher"}`, exitOK},
		{"acknowledged", `{"direction":"higher","regression":true,"ratio":1.5,"text":"higher","acknowledgement":{"project":"acme/billing","reason":"bigger answers"}}`, exitOK},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := historyWith(tt.change)
			defer srv.Close()
			var out, errOut bytes.Buffer
			code := run([]string{"history", "--server", srv.URL, "--project", "acme/billing", "--fail-on", "regression"}, &out, &errOut)
			if code != tt.want {
				t.Errorf("exit %d, want %d; stdout %s stderr %s", code, tt.want, out.String(), errOut.String())
			}
			if tt.name == "acknowledged" && !strings.Contains(out.String(), "acknowledged: bigger answers") {
				t.Errorf("the acknowledgement is not printed:\n%s", out.String())
			}
		})
	}
}
