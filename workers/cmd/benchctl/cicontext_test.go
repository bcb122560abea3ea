package main

import "testing"

func TestDetectCI(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	tests := []struct {
		name  string
		vars  map[string]string
		flags ciContext
		want  *ciContext
	}{
		{"outside a pipeline", map[string]string{}, ciContext{}, nil},
		{"a pull request on GitHub", map[string]string{"GITHUB_ACTIONS": "true", "GITHUB_REPOSITORY": "acme/billing", "GITHUB_HEAD_REF": "faster-codec",
			"GITHUB_REF_NAME": "12/merge", "GITHUB_SHA": "0123456789ABCDEF", "GITHUB_SERVER_URL": "https://github.com", "GITHUB_RUN_ID": "42"}, ciContext{},
			&ciContext{"acme/billing", "faster-codec", "0123456789abcdef", "https://github.com/acme/billing/actions/runs/42"}},
		{"a push on GitLab", map[string]string{"GITLAB_CI": "true", "CI_PROJECT_PATH": "acme/billing", "CI_COMMIT_REF_NAME": "main",
			"CI_COMMIT_SHA": "abcdef1", "CI_JOB_URL": "https://gitlab.example/acme/billing/-/jobs/7"}, ciContext{},
			&ciContext{"acme/billing", "main", "abcdef1", "https://gitlab.example/acme/billing/-/jobs/7"}},
		{"Jenkins", map[string]string{"JENKINS_URL": "https://ci.example/", "JOB_NAME": "billing", "GIT_BRANCH": "origin/main",
			"GIT_COMMIT": "abcdef12", "BUILD_URL": "https://ci.example/job/billing/3/"}, ciContext{},
			&ciContext{"billing", "main", "abcdef12", "https://ci.example/job/billing/3/"}},
		{"flags win", map[string]string{"GITLAB_CI": "true", "CI_PROJECT_PATH": "acme/billing", "CI_COMMIT_REF_NAME": "main"},
			ciContext{Branch: "release/2"}, &ciContext{"acme/billing", "release/2", "", ""}},
		{"a project by flag alone", map[string]string{}, ciContext{Project: "billing"}, &ciContext{Project: "billing"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := detectCI(env(tt.vars), tt.flags)
			if (got == nil) != (tt.want == nil) || (got != nil && *got != *tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
