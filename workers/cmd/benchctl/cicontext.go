package main

import (
	"os"
	"strings"
)

// ciContext is where a run comes from (openapi.yaml, CiContext): the backend keeps it with the run.
type ciContext struct {
	Project string `json:"project"`
	Branch  string `json:"branch,omitempty"`
	Commit  string `json:"commit,omitempty"`
	URL     string `json:"url,omitempty"`
}

// detectCI reads the context from the variables GitHub Actions, GitLab CI and Jenkins set; flags
// given on the command line win. Nil outside a pipeline, unless a flag names a project.
func detectCI(getenv func(string) string, flags ciContext) *ciContext {
	var found ciContext
	switch {
	case getenv("GITHUB_ACTIONS") == "true":
		found = ciContext{
			Project: getenv("GITHUB_REPOSITORY"),
			// A pull request's own branch; GITHUB_REF_NAME is then "<number>/merge".
			Branch: firstSet(getenv("GITHUB_HEAD_REF"), getenv("GITHUB_REF_NAME")),
			Commit: getenv("GITHUB_SHA"),
		}
		if server, repo, id := getenv("GITHUB_SERVER_URL"), getenv("GITHUB_REPOSITORY"), getenv("GITHUB_RUN_ID"); server != "" && repo != "" && id != "" {
			found.URL = strings.TrimRight(server, "/") + "/" + repo + "/actions/runs/" + id
		}
	case getenv("GITLAB_CI") == "true":
		found = ciContext{
			Project: getenv("CI_PROJECT_PATH"),
			Branch:  firstSet(getenv("CI_MERGE_REQUEST_SOURCE_BRANCH_NAME"), getenv("CI_COMMIT_REF_NAME")),
			Commit:  getenv("CI_COMMIT_SHA"),
			URL:     getenv("CI_JOB_URL"),
		}
	case getenv("JENKINS_URL") != "":
		found = ciContext{
			Project: getenv("JOB_NAME"),
			Branch:  firstSet(getenv("CHANGE_BRANCH"), getenv("BRANCH_NAME"), strings.TrimPrefix(getenv("GIT_BRANCH"), "origin/")),
			Commit:  getenv("GIT_COMMIT"),
			URL:     getenv("BUILD_URL"),
		}
	}
	c := ciContext{
		Project: firstSet(flags.Project, found.Project),
		Branch:  firstSet(flags.Branch, found.Branch),
		Commit:  strings.ToLower(firstSet(flags.Commit, found.Commit)),
		URL:     firstSet(flags.URL, found.URL),
	}
	if c.Project == "" {
		return nil
	}
	return &c
}

func firstSet(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

// detectCIFromEnvironment is detectCI over the process's environment.
func detectCIFromEnvironment(flags ciContext) *ciContext {
	return detectCI(os.Getenv, flags)
}
