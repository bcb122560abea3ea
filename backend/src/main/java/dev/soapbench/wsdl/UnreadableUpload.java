package dev.soapbench.wsdl;

/**
 * An upload that cannot be read as a WSDL bundle at all (empty, not a zip, an unknown file type),
 * as opposed to a readable bundle whose content is refused.
 */
public final class UnreadableUpload extends WsdlProblem {

    public UnreadableUpload(String reason) {
        super(reason);
    }
}
