-- wrk script posting the 1 KB echo payload: wrk -t2 -c25 -d10s -s tests/wrk-echo-1kb.lua URL
-- The body is read from datasets/echo/payloads/1kb (path relative to this file's stack folder);
-- non-200 answers are counted, since wrk itself counts only socket errors.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)") or "./"
local file = assert(io.open(here .. "../../../datasets/echo/payloads/1kb/echo.request.xml", "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "text/xml; charset=utf-8"
wrk.headers["SOAPAction"] = "\"urn:soapbench:echo:echo\""

function done(summary, latency, requests)
  io.write(string.format("non-2xx responses: %d\n", summary.errors.status))
end
