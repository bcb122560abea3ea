package dev.soapbench.catalog.calculator;

import org.springframework.context.annotation.Bean;
import org.springframework.ws.server.EndpointExceptionResolver;
import org.springframework.ws.server.endpoint.annotation.Endpoint;
import org.springframework.ws.server.endpoint.annotation.PayloadRoot;
import org.springframework.ws.server.endpoint.annotation.RequestPayload;
import org.springframework.ws.server.endpoint.annotation.ResponsePayload;
import soapbench.calculator.Add;
import soapbench.calculator.AddResponse;
import soapbench.calculator.Divide;
import soapbench.calculator.DivideResponse;
import soapbench.calculator.Multiply;
import soapbench.calculator.MultiplyResponse;
import soapbench.calculator.Subtract;
import soapbench.calculator.SubtractResponse;

/**
 * CalculatorEndpoint is the catalog calculator service (wsdl-catalog/calculator/README.md): four
 * operations on two xsd:ints, division truncated toward zero, and division by zero answered by the
 * WSDL's declared {@code divideByZero} fault, which {@link DivisionByZeroFault} writes.
 */
@Endpoint
public class CalculatorEndpoint {
    private static final String NAMESPACE = "urn:soapbench:calculator";

    /** Registered with the endpoint, so the service's fault travels with the service. */
    @Bean
    public static EndpointExceptionResolver divisionByZeroFault() {
        return new DivisionByZeroFault();
    }

    @PayloadRoot(namespace = NAMESPACE, localPart = "add")
    @ResponsePayload
    public AddResponse add(@RequestPayload Add request) {
        AddResponse response = new AddResponse();
        response.setResult(toInt((long) request.getA() + request.getB()));
        return response;
    }

    @PayloadRoot(namespace = NAMESPACE, localPart = "subtract")
    @ResponsePayload
    public SubtractResponse subtract(@RequestPayload Subtract request) {
        SubtractResponse response = new SubtractResponse();
        response.setResult(toInt((long) request.getA() - request.getB()));
        return response;
    }

    @PayloadRoot(namespace = NAMESPACE, localPart = "multiply")
    @ResponsePayload
    public MultiplyResponse multiply(@RequestPayload Multiply request) {
        MultiplyResponse response = new MultiplyResponse();
        response.setResult(toInt((long) request.getA() * request.getB()));
        return response;
    }

    @PayloadRoot(namespace = NAMESPACE, localPart = "divide")
    @ResponsePayload
    public DivideResponse divide(@RequestPayload Divide request) {
        if (request.getB() == 0) {
            throw new DivisionByZeroFault.DivisionByZero(request.getA());
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
