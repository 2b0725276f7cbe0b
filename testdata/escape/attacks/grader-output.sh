# Writes a raw line into the grader's own standard output, past every
# escaping: an annotation GitHub would act on.
for p in /proc/[0-9]*; do
  case "$(tr '\0' ' ' < "$p/cmdline" 2>/dev/null)" in
  *grader*check*)
    if printf '::error ::pwned by a submission\n' 2>/dev/null > "$p/fd/1"; then
      echo "ESCAPED: wrote to $p/fd/1"
      exit 1
    fi
  esac
done
echo "blocked: the grader is out of sight"
