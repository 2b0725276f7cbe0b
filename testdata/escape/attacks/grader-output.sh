# Writes a raw line into the grader's own standard output, past every
# escaping: an annotation GitHub would act on. It looks at every process,
# but writes only to its own grader: the nearest grader check it descends
# from. With layers off every other grader check on the machine is in sight
# too (another suite's, an engineer's), and the line would land in theirs.
mine=
p=$PPID
while [ -n "$p" ] && [ "$p" != 0 ]; do
  case "$(tr '\0' ' ' < "/proc/$p/cmdline" 2>/dev/null)" in
  *grader*check*) mine=$p; break ;;
  esac
  p=$(awk '/^PPid:/{print $2}' "/proc/$p/status" 2>/dev/null)
done
for p in /proc/[0-9]*; do
  case "$(tr '\0' ' ' < "$p/cmdline" 2>/dev/null)" in
  *grader*check*)
    [ "${p#/proc/}" = "$mine" ] || continue
    if printf '::error ::pwned by a submission\n' 2>/dev/null > "$p/fd/1"; then
      echo "ESCAPED: wrote to $p/fd/1"
      exit 1
    fi
  esac
done
echo "blocked: its own grader is out of sight"
