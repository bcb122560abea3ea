#ifndef SOAPBENCH_CHUNKED_INPUT_H
#define SOAPBENCH_CHUNKED_INPUT_H
// HTTP chunked transfer coding, decoded before gSOAP reads a message that it must decrypt.
//
// gSOAP 2.8.124's decryption (mecevp.c's receive filter) writes the plaintext into soap->buf, where
// stdsoap2 keeps the rest of a chunked message it has read ahead (the next chunk's size line): a
// chunked encrypted message then hangs its reader. WSS4J's clients and servers (CXF, Rampart) chunk
// every message longer than a few KB, so each of them hung gSOAP in signencr. This plug-in hides
// Transfer-Encoding: chunked from gSOAP and decodes the chunks itself, below gSOAP's buffer, so
// gSOAP reads the message as a stream that ends with it. The chunk framing is read and bounded
// here (a size of at most 15 hex digits, lines of at most 4 KB); malformed framing ends the
// decoding, and gSOAP refuses what follows as it would any malformed message.
struct soap;
struct soap_plugin;

namespace soapbench_wsse {

extern const char kChunkedInputId[];

// soap_register_plugin(soap, chunked_input): the plug-in's creator; every copy of the context
// (the server's per-connection threads) gets a state of its own.
int chunked_input(struct soap *soap, struct soap_plugin *plugin, void *arg);

}

#endif
