-- wrk script: POST the file named by $BODY to the URL given to wrk.
wrk.method = "POST"
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/octet-stream"
