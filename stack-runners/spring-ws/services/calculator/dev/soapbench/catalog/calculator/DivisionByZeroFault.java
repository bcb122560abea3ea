package dev.soapbench.catalog.calculator;

import jakarta.xml.bind.JAXBContext;
import jakarta.xml.bind.JAXBException;
import org.springframework.core.Ordered;
import org.springframework.ws.context.MessageContext;
import org.springframework.ws.server.EndpointExceptionResolver;
import org.springframework.ws.soap.SoapFault;
import org.springframework.ws.soap.SoapMessage;
import soapbench.calculator.DivideByZero;

/**
 * DivisionByZeroFault answers a division by zero with the calculator WSDL's declared fault: a
 * Server fault with {@code faultstring} "division by zero" and the {@code divideByZero} detail
 * holding the dividend, marshalled from the generated type. Spring-WS's {@code @SoapFault}
 * annotation writes no detail, so the service resolves its fault itself, before the generic
 * resolvers.
 */
final class DivisionByZeroFault implements EndpointExceptionResolver, Ordered {
    private final JAXBContext detailContext;

    DivisionByZeroFault() {
        try {
            detailContext = JAXBContext.newInstance(DivideByZero.class);
        } catch (JAXBException e) {
            throw new IllegalStateException("cannot bind the divideByZero detail: " + e.getMessage(), e);
        }
    }

    /** DivisionByZero is the endpoint's signal, carrying the dividend for the detail. */
    static final class DivisionByZero extends RuntimeException {
        private final int dividend;

        DivisionByZero(int dividend) {
            super("division by zero", null, false, false);
            this.dividend = dividend;
        }
    }

    @Override
    public boolean resolveException(MessageContext messageContext, Object endpoint, Exception exception) {
        if (!(exception instanceof DivisionByZero division)) {
            return false;
        }
        SoapMessage response = (SoapMessage) messageContext.getResponse();
        // No locale: a SOAP 1.1 faultstring carries no xml:lang, as the catalog's answer has none.
        SoapFault fault = response.getSoapBody().addServerOrReceiverFault("division by zero", null);
        DivideByZero detail = new DivideByZero();
        detail.setDividend(division.dividend);
        try {
            detailContext.createMarshaller().marshal(detail, fault.addFaultDetail().getResult());
        } catch (JAXBException e) {
            throw new IllegalStateException("cannot write the divideByZero detail: " + e.getMessage(), e);
        }
        return true;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }
}
