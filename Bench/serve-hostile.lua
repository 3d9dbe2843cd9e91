-- wrk script for Bench/serve-bench.sh's memory run: like serve-amounts.lua, but one request in
-- ten is hostile, in turn: 2,000 short query arguments (the stall of issue 20), a 5,000-byte
-- target, a raw control byte in the target, two Content-Lengths, a 20 KB header block. Each
-- is refused (414, 400, 431) and its connection closed; wrk opens a new one.
local counter = 0
local offset = tonumber(os.getenv("AMOUNT_OFFSET") or "0")
local many = "/v1/breakdown.png?" .. string.rep("a=1&", 2000)
local long = "/" .. string.rep("x", 5000)
local pad = string.rep("X-Pad: " .. string.rep("p", 90) .. "\r\n", 220)

function request()
  counter = counter + 1
  if counter % 10 == 0 then
    local kind = (counter / 10) % 5
    if kind == 0 then return "GET " .. many .. " HTTP/1.1\r\nHost: x\r\n\r\n" end
    if kind == 1 then return "GET " .. long .. " HTTP/1.1\r\nHost: x\r\n\r\n" end
    if kind == 2 then return "GET /v1/breakdown.png?amount=1\1 HTTP/1.1\r\nHost: x\r\n\r\n" end
    if kind == 3 then return "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 5\r\n\r\n" end
    return "GET /healthz HTTP/1.1\r\nHost: x\r\n" .. pad .. "\r\n"
  end
  local n = (offset + counter) % 200000
  local path = string.format("/v1/breakdown.png?amount=%d.%02d&scale=2", math.floor(n / 100), n % 100)
  return wrk.format("GET", path)
end
