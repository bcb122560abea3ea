package main

import (
	"errors"
	"fmt"
	"net/http"
)

// Exit codes a CI job can tell apart.
const (
	exitOK = 0
	// exitRegression: the head is slower than the base beyond the threshold.
	exitRegression = 1
	exitUsage      = 2
	// exitRunFailed: the run or a stack failed, or the API refused what was submitted (a broken
	// WSDL, an invalid workload): something in the submission needs a look.
	exitRunFailed = 3
	// exitService: the service could not be reached, refused the token, was busy or broken, or
	// the wait ran out.
	exitService = 4
)

// refusal is an answer other than 2xx, with the problem's words.
type refusal struct {
	status  int
	message string
}

func (e *refusal) Error() string { return e.message }

// exitFor is the exit code of a failed API call: the submission's own fault (400, 404, 413, 415,
// 422) or the run's state (409) is the run's, everything else (auth, rate limit, 5xx, the
// network) the service's.
func exitFor(err error) int {
	var usage usageError
	if errors.As(err, &usage) {
		return exitUsage
	}
	var api *refusal
	if errors.As(err, &api) {
		switch api.status {
		case http.StatusBadRequest, http.StatusNotFound, http.StatusConflict, http.StatusRequestEntityTooLarge,
			http.StatusUnsupportedMediaType, http.StatusUnprocessableEntity:
			return exitRunFailed
		}
	}
	return exitService
}

// describeExit names an exit code for the last line of output.
func describeExit(code int) string {
	switch code {
	case exitOK:
		return "passed"
	case exitRegression:
		return "regression"
	case exitUsage:
		return "usage error"
	case exitRunFailed:
		return "the run or a stack failed"
	case exitService:
		return "service, network or auth error"
	}
	return fmt.Sprintf("exit %d", code)
}

// usageError is a mistake in what benchctl was told: a file that cannot be read, a workload that
// contradicts a flag.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }
