package dev.soapbench.wsdl;

/**
 * One operation of one SOAP binding. {@code style} is one of document-literal-wrapped,
 * document-literal-bare, rpc-literal, rpc-encoded (document-encoded is reported but rarely
 * supported); {@code soapVersion} is "1.1" or "1.2"; {@code input} and {@code output} are the
 * QNames of the body's first element as {@code {namespace}local} (output is null when one-way).
 * {@code attachments} is the file:line of a {@code mime:multipartRelated} that binds the operation
 * as SOAP with Attachments, else null: the samples carry no attachments, so no stack is measured on
 * it.
 */
public record OperationInfo(
        String name,
        String binding,
        String style,
        String soapVersion,
        String soapAction,
        boolean oneWay,
        String input,
        String output,
        String attachments) {}
