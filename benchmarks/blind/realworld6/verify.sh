#!/bin/bash
# usage: PY=python ./verify.sh [case_dir ...]
PY=${PY:-/work/main/.venv/bin/python}
ROOT=$(cd "$(dirname "$0")" && pwd)
cases=("$@"); [ ${#cases[@]} -eq 0 ] && cases=($(ls -d "$ROOT"/[0-9]*/ | xargs -n1 basename))
rc_all=0
for c in "${cases[@]}"; do
  c=$(basename "$c"); d="$ROOT/$c"
  out=$("$PY" - "$d" <<'PY'
import json,sys,os,shutil,subprocess,tempfile
d=sys.argv[1]; cj=json.load(open(os.path.join(d,"case.json")))
py=os.environ.get("PY","/work/main/.venv/bin/python")
def run(src, overlay):
    t=tempfile.mkdtemp()
    w=os.path.join(t,"w")
    shutil.copytree(src,w,ignore=shutil.ignore_patterns("expected","case.json"))
    if overlay: shutil.copytree(os.path.join(src,"expected"),w,dirs_exist_ok=True)
    p=subprocess.run(["nice",py]+cj["run"],cwd=w,capture_output=True,text=True,timeout=120)
    shutil.rmtree(t); return p
p=run(d,False)
last=[l for l in p.stderr.strip().splitlines() if l.strip()][-1] if p.stderr.strip() else ""
ok1 = p.returncode!=0 and last.strip()==cj["message"].strip()
msg="broken: rc=%d last=%r"%(p.returncode,last[:200])
ok2=True
if cj["status"]=="SUCCESS":
    q=run(d,True); ok2=q.returncode==0
    msg+=" | fixed rc=%d %s"%(q.returncode, (q.stderr.strip().splitlines() or [""])[-1][:200])
else:
    ok2 = not os.path.exists(os.path.join(d,"expected"))
print(("OK " if ok1 and ok2 else "FAIL ")+msg)
PY
)
  echo "$c: $out"; [[ $out == OK* ]] || rc_all=1
done
exit $rc_all
