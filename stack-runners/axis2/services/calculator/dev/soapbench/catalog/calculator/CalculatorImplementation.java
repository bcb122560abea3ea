package dev.soapbench.catalog.calculator;

import calculator.soapbench.Add;
import calculator.soapbench.AddResponse;
import calculator.soapbench.CalculatorServiceSkeletonInterface;
import calculator.soapbench.Divide;
import calculator.soapbench.DivideByZero;
import calculator.soapbench.DivideByZeroFault;
import calculator.soapbench.DivideResponse;
import calculator.soapbench.Multiply;
import calculator.soapbench.MultiplyResponse;
import calculator.soapbench.Subtract;
import calculator.soapbench.SubtractResponse;

/**
 * CalculatorImplementation is the catalog calculator (wsdl-catalog/calculator/README.md) on the ADB
 * beans WSDL2Java generates from calculator.wsdl (package calculator.soapbench). A zero divisor
 * answers the WSDL's declared fault, which the generated message receiver writes with the
 * {@code divideByZero} detail.
 */
public class CalculatorImplementation implements CalculatorServiceSkeletonInterface {
    @Override
    public AddResponse add(Add request) {
        AddResponse response = new AddResponse();
        response.setResult(exact("add", (long) request.getA() + request.getB()));
        return response;
    }

    @Override
    public SubtractResponse subtract(Subtract request) {
        SubtractResponse response = new SubtractResponse();
        response.setResult(exact("subtract", (long) request.getA() - request.getB()));
        return response;
    }

    @Override
    public MultiplyResponse multiply(Multiply request) {
        MultiplyResponse response = new MultiplyResponse();
        response.setResult(exact("multiply", (long) request.getA() * request.getB()));
        return response;
    }

    @Override
    public DivideResponse divide(Divide request) throws DivideByZeroFault {
        if (request.getB() == 0) {
            DivideByZero detail = new DivideByZero();
            detail.setDividend(request.getA());
            DivideByZeroFault fault = new DivideByZeroFault("division by zero");
            fault.setFaultMessage(detail);
            throw fault;
        }
        DivideResponse response = new DivideResponse();
        // Java's int division truncates toward zero, as the catalog asks; the long keeps
        // Integer.MIN_VALUE / -1 from wrapping silently.
        response.setResult(exact("divide", (long) request.getA() / request.getB()));
        return response;
    }

    // Results outside xsd:int are outside the catalog's contract; Java would wrap them silently,
    // so they are refused instead. ADB also reserves Integer.MIN_VALUE as its "not set" marker
    // for a required int and cannot write it (a known defect of the stack).
    private static int exact(String operation, long result) {
        if (result < Integer.MIN_VALUE || result > Integer.MAX_VALUE) {
            throw new ArithmeticException(operation + ": result " + result + " overflows xsd:int");
        }
        return (int) result;
    }
}
