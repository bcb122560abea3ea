package dev.soapbench.wsdl;

import javax.xml.namespace.QName;

/**
 * A schema whose sample would break a {@link SampleBudget} bound, naming the component at fault
 * (a type or element, null when unknown) so that its declaration can be located.
 */
final class SampleTooLarge extends WsdlProblem {

    private final String kind;
    private final QName component;

    SampleTooLarge(String kind, QName component, String reason) {
        super(reason);
        this.kind = kind;
        this.component = component;
    }

    /** "type" or "element". */
    String kind() {
        return kind;
    }

    QName component() {
        return component;
    }
}
