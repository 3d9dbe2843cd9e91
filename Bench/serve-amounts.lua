-- wrk script for Bench/serve-bench.sh: PNG at scale 2, a different amount on every request
-- (0.00 to 1999.99, so a memory cache would not answer); AMOUNT_OFFSET starts the
-- sequence elsewhere, so that successive runs ask for new amounts.
local counter = 0
local offset = tonumber(os.getenv("AMOUNT_OFFSET") or "0")

function request()
  local n = (offset + counter) % 200000
  counter = counter + 1
  local path = string.format("/v1/breakdown.png?amount=%d.%02d&scale=2", math.floor(n / 100), n % 100)
  return wrk.format("GET", path)
end
