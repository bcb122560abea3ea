module soapbench.dev/bench

go 1.26
