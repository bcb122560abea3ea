-- wrk script posting the catalog echo sample request: wrk -s tests/wrk-echo.lua URL
-- The body is read from wsdl-catalog/echo/samples (path relative to this file's stack folder).
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)") or "./"
local file = assert(io.open(here .. "../../../wsdl-catalog/echo/samples/echo.request.xml", "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "text/xml; charset=utf-8"
wrk.headers["SOAPAction"] = "\"urn:soapbench:echo:echo\""

local failures = 0
function response(status, headers, body)
  if status ~= 200 then
    failures = failures + 1
  end
end

function done(summary, latency, requests)
  io.write(string.format("non-200 responses: %d\n", summary.errors.status))
end
