// Run by the build with --samples-only: reads every sample response into the generated types, as
// the service does at start-up, so that a sample the types cannot read fails the build, not the
// server. Run by serve without it: loads the implementation whole, data included, before the server
// starts.
#include "operations.h"

#include <axutil_env.h>
#include <cstdio>
#include <cstring>
#include <string>

bool checking_samples_only = false;

int main(int argc, char **argv) {
    checking_samples_only = argc > 1 && strcmp(argv[1], "--samples-only") == 0;
    axutil_env_t *env = axutil_env_create_all("/dev/null", AXIS2_LOG_LEVEL_CRITICAL);
    if (!env) {
        fprintf(stderr, "error: cannot create an Axis2/C environment\n");
        return 1;
    }
    std::string error;
    if (!load_implementation(env, error)) {
        fprintf(stderr, "error: %s\n", error.c_str());
        return 1;
    }
    printf("%d operation(s): every sample response reads into its generated type\n", OPERATION_COUNT);
    return 0;
}
