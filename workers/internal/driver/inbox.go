package driver

// inboxSize is a connection's first read buffer: one read takes a whole
// response of most services; larger ones make it grow.
const inboxSize = 32 << 10

// inbox holds what a connection has read and not yet used: the bytes of the
// response being parsed, and anything after it.
type inbox struct {
	buf  []byte
	n    int // bytes read into buf
	used int // bytes of buf taken by the last response
	resp response
}

// parse looks for a whole response in what has arrived; eof says that the
// peer has closed. On success resp holds it until the next call of space.
func (in *inbox) parse(eof bool) error {
	used, err := parseResponse(in.buf[in.used:in.n], eof, &in.resp)
	if err == nil {
		in.used += used
	}
	return err
}

// space drops the responses already parsed and returns where the next read
// goes, growing the buffer when a response fills it.
func (in *inbox) space() []byte {
	if in.used > 0 {
		in.n = copy(in.buf, in.buf[in.used:in.n])
		in.used = 0
	}
	if in.buf == nil {
		in.buf = make([]byte, inboxSize)
	}
	if in.n == len(in.buf) {
		nb := make([]byte, 2*len(in.buf))
		copy(nb, in.buf[:in.n])
		in.buf = nb
	}
	return in.buf[in.n:]
}

// added files k bytes just read into space().
func (in *inbox) added(k int) { in.n += k }

// reset forgets everything: the connection was closed.
func (in *inbox) reset() { in.n, in.used = 0, 0 }
