package dev.soapbench.axis2.build;

import dev.soapbench.jvmsupport.build.BindingPlaces;
import dev.soapbench.jvmsupport.build.BuildFailure;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Wsdl2JavaRefusals turns what WSDL2Java refuses while it reads a WSDL ("Error parsing WSDL: ...")
 * into the contract's {@code unsupported:} line naming the construct and where the bundle
 * declares it. These are WSDLs Axis2's WSDL11ToAxisServiceBuilder can never model, whatever the
 * samples: a document/literal body of more than one part, a fault part declared by type, an
 * rpc/literal part declared by element. Any other message stays an {@code error:} with the tool's
 * own words.
 */
final class Wsdl2JavaRefusals {
    // "More than one part for message AnyTypeRequest"
    private static final Pattern MULTI_PART_MESSAGE = Pattern.compile("More than one part for message (\\S+)");
    // "More than one element part is not allwed in document literal  type binding operation op"
    private static final Pattern MULTI_PART_OPERATION =
            Pattern.compile("More than one element part is not allwed in document literal\\s+type binding operation (\\S+)");
    // "Part 'faultDetail' of fault message '{urn:x}pingMeFault' must be defined with 'element=QName' and not 'type=QName'"
    private static final Pattern FAULT_PART_BY_TYPE = Pattern.compile(
            "Part '([^']*)' of fault message '(?:\\{[^}]*\\})?([^']*)' must be defined with 'element=QName'");

    private Wsdl2JavaRefusals() {}

    static Optional<BuildFailure> of(String message, Path bundle) {
        Matcher matcher = MULTI_PART_MESSAGE.matcher(message);
        if (matcher.find()) {
            String name = localName(matcher.group(1));
            MessagePlaces places = MessagePlaces.of(bundle);
            // WSDL2Java counts a part bound as a SOAP header as a Body part too when the soap:body
            // names no parts (WSDL 1.1's reading; WS-I Basic Profile leaves header parts out).
            boolean headerParts = DeclaredHeaders.of(bundle).headers().stream().anyMatch(h -> h.message().equals(name));
            return Optional.of(BuildFailure.unsupported("document/literal message " + name
                    + users(places.operationsUsing(name)) + " with more than one body part"
                    + " (Axis2 binds a document/literal SOAP body of one part only"
                    + (headerParts ? "; WSDL2Java counts the parts bound as SOAP headers in when soap:body names no parts" : "")
                    + ")" + in(places.message(name))));
        }
        matcher = MULTI_PART_OPERATION.matcher(message);
        if (matcher.find()) {
            String operation = matcher.group(1);
            return Optional.of(BuildFailure.unsupported("document/literal operation " + operation
                    + " with more than one body part (Axis2 binds a document/literal SOAP body of one part only)"
                    + in(BindingPlaces.operation(bundle, operation))));
        }
        matcher = FAULT_PART_BY_TYPE.matcher(message);
        if (matcher.find()) {
            String part = matcher.group(1);
            String faultMessage = localName(matcher.group(2));
            return Optional.of(BuildFailure.unsupported("fault message " + faultMessage + " whose part " + part
                    + " is declared by type (Axis2 needs a fault's detail declared by element)"
                    + in(MessagePlaces.of(bundle).part(faultMessage, part))));
        }
        return Optional.empty();
    }

    private static String localName(String name) {
        String local = name.replaceFirst("^\\{[^}]*\\}", "");
        return local.substring(local.indexOf(':') + 1);
    }

    private static String users(List<String> operations) {
        return operations.isEmpty() ? "" : " of operation " + String.join(", ", operations);
    }

    private static String in(String place) {
        return place == null ? "" : ", in " + place;
    }
}
