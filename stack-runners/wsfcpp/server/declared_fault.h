// The fault an implementation chose for the current request (answer_fault in operations.h), held
// until the service class sends it.
#ifndef SOAPBENCH_WSFCPP_DECLARED_FAULT_H
#define SOAPBENCH_WSFCPP_DECLARED_FAULT_H

#include <axiom.h>
#include <string>

struct DeclaredFault {
    bool raised = false;
    std::string reason;
    axiom_node_t *detail = NULL;
};

// The fault raised on this thread since the last call, which clears it.
DeclaredFault take_declared_fault();

#endif
