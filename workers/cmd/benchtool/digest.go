package main

import (
	"fmt"
	"os"

	"soapbench.dev/workers/internal/driver"
)

func digest(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: benchtool digest RESPONSE.xml")
	}
	raw, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	sum, err := driver.BodySHA256(raw)
	if err != nil {
		return fmt.Errorf("%s: %v", args[0], err)
	}
	fmt.Println(sum)
	return nil
}
