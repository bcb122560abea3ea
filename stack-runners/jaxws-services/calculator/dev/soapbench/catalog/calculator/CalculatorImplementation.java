package dev.soapbench.catalog.calculator;

import jakarta.jws.WebService;
import soapbench.calculator.Add;
import soapbench.calculator.AddResponse;
import soapbench.calculator.CalculatorPortType;
import soapbench.calculator.Divide;
import soapbench.calculator.DivideByZero;
import soapbench.calculator.DivideByZeroFault;
import soapbench.calculator.DivideResponse;
import soapbench.calculator.Multiply;
import soapbench.calculator.MultiplyResponse;
import soapbench.calculator.Subtract;
import soapbench.calculator.SubtractResponse;

/**
 * CalculatorImplementation is the catalog calculator service (wsdl-catalog/calculator/README.md):
 * four operations on two xsd:ints, division truncated toward zero, and division by zero answered
 * by the WSDL's declared {@code divideByZero} fault.
 */
@WebService(
        endpointInterface = "soapbench.calculator.CalculatorPortType",
        serviceName = "CalculatorService",
        portName = "CalculatorPort",
        targetNamespace = "urn:soapbench:calculator")
public class CalculatorImplementation implements CalculatorPortType {
    @Override
    public AddResponse add(Add request) {
        AddResponse response = new AddResponse();
        response.setResult(toInt((long) request.getA() + request.getB()));
        return response;
    }

    @Override
    public SubtractResponse subtract(Subtract request) {
        SubtractResponse response = new SubtractResponse();
        response.setResult(toInt((long) request.getA() - request.getB()));
        return response;
    }

    @Override
    public MultiplyResponse multiply(Multiply request) {
        MultiplyResponse response = new MultiplyResponse();
        response.setResult(toInt((long) request.getA() * request.getB()));
        return response;
    }

    @Override
    public DivideResponse divide(Divide request) throws DivideByZeroFault {
        if (request.getB() == 0) {
            DivideByZero detail = new DivideByZero();
            detail.setDividend(request.getA());
            throw new DivideByZeroFault("division by zero", detail);
        }
        DivideResponse response = new DivideResponse();
        // long arithmetic, so Integer.MIN_VALUE / -1 is refused rather than wrapped
        response.setResult(toInt((long) request.getA() / request.getB()));
        return response;
    }

    // Results outside xsd:int are outside the catalog's contract: refused, never wrapped around.
    private static int toInt(long result) {
        if (result < Integer.MIN_VALUE || result > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("result overflows xsd:int");
        }
        return (int) result;
    }
}
