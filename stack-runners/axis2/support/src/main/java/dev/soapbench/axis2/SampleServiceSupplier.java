package dev.soapbench.axis2;

import dev.soapbench.axis2.samples.SampleAnswers;
import org.apache.axis2.AxisFault;
import org.apache.axis2.ServiceObjectSupplier;
import org.apache.axis2.description.AxisService;

/**
 * SampleServiceSupplier hands Axis2's generated message receivers the generic implementation (named
 * by the {@code ServiceObjectSupplier} parameter of the build's services.xml), already bound to the
 * sample responses when the servlet started.
 */
public final class SampleServiceSupplier implements ServiceObjectSupplier {
    @Override
    public Object getServiceObject(AxisService service) throws AxisFault {
        try {
            return SampleAnswers.implementation();
        } catch (IllegalStateException e) {
            throw new AxisFault(e.getMessage());
        }
    }
}
