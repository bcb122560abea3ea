module soapbench.dev/bench

go 1.26

require github.com/HdrHistogram/hdrhistogram-go v1.4.0
