-- The load of one scenario for wrk (bench/wrk.ts runs it). The request comes from the environment:
-- WRK_METHOD, WRK_BODY (every "[<id>]" in it becomes a fresh id per request, so saves never repeat a
-- URL; WRK_ID_PREFIX keeps ids apart between runs) and WRK_HEADERS ("name: value" lines).
-- At the end it prints one line, "WRK_RESULT {json}", with the counts, the latency percentiles in
-- microseconds from wrk's own histogram, and this process's CPU time from /proc/self/stat (clock ticks),
-- so the bench can show how little CPU the load generator took.

wrk.method = os.getenv("WRK_METHOD") or "GET"
for line in (os.getenv("WRK_HEADERS") or ""):gmatch("[^\n]+") do
  local name, value = line:match("^([^:]+):%s*(.*)$")
  if name then wrk.headers[name] = value end
end

local template = os.getenv("WRK_BODY")
local placeholder = "%[<id>%]"
if template and template:find(placeholder) then
  local prefix = os.getenv("WRK_ID_PREFIX") or "wrk"
  local sent = 0
  -- A request built per call; without this function wrk sends one pre-built request (cheaper), as it
  -- does for the reads.
  request = function()
    sent = sent + 1
    local body = template:gsub(placeholder, prefix .. "-" .. (thread_number or 0) .. "-" .. sent)
    return wrk.format(nil, nil, nil, body)
  end
elseif template then
  wrk.body = template
end

-- Each thread's number, for the ids above (setup runs in the main script, once per thread).
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

local function cpu_ticks()
  local file = io.open("/proc/self/stat")
  if not file then return -1, -1 end
  local stat = file:read("*a")
  file:close()
  -- Fields after the command's closing parenthesis start at field 3; utime and stime are 14 and 15.
  local fields = {}
  for field in stat:match("%) (.*)"):gmatch("%S+") do fields[#fields + 1] = field end
  return tonumber(fields[12]), tonumber(fields[13])
end

function done(summary, latency, requests)
  local user, system = cpu_ticks()
  local errors = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p95Us":%d,"p99Us":%d,"maxUs":%d,' ..
      '"non2xx":%d,"failures":%d,"userTicks":%d,"systemTicks":%d}\n',
    summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max,
    errors.status, errors.connect + errors.read + errors.write + errors.timeout,
    user, system))
end
