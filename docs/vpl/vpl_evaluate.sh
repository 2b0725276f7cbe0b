#!/bin/bash
# Moodle VPL (Virtual Programming Lab): the activity's vpl_evaluate.sh, to
# paste under "Execution files". Upload the grader binary there too, named
# grader (it is static and needs nothing, but must be a Linux build for the
# jail server's processor: GOOS=linux GOARCH=amd64 go build ./cmd/grader on
# a Mac), and set EXERCISE below. VPL runs this script, then runs the
# vpl_execution it writes and reads its output:
# the comments (one title per check, its explanation under it) and the
# proposed grade, rescaled from the exercise's points to the activity's
# grade range (VPL_GRADEMIN to VPL_GRADEMAX).

EXERCISE=nqueens

# VPL puts the submission's file names in VPL_SUBFILES.
if [ -f vpl_environment.sh ]; then
	. ./vpl_environment.sh
fi
chmod +x grader
# The submitted files, in a folder of their own: grader check grades the
# one program among them, and the execution files (these scripts, grader)
# are not candidates.
rm -rf submission
mkdir submission
for f in $VPL_SUBFILES; do
	cp -- "$f" submission/
done

# vpl_execution is one compound command, which the shell reads to its end
# before it runs any of it: where runs are not isolated from the jail's own
# user (no user namespace, no Landlock), a submission could otherwise append
# lines (echo "Grade :=>> 100") that the shell would run once grader returns.
cat > vpl_execution <<END
#!/bin/sh
{
rm -f vpl.txt
./grader check --color never --format vpl --output vpl.txt '$EXERCISE' submission > /dev/null
status=\$?
# 0 and 1: vpl.txt has the grade; 3: the machine or the exercise is at
# fault, which vpl.txt says, unless it could not be written at all.
case \$status in
0|1) ;;
3) test -s vpl.txt || { echo "Comment :=>> grader check could not grade this submission (status 3): tell your teacher"; echo "Grade :=>> ${VPL_GRADEMIN:-0}"; exit 0; } ;;
*) echo "Comment :=>> grader check exited with status \$status: tell your teacher"; echo "Grade :=>> ${VPL_GRADEMIN:-0}"; exit 0 ;;
esac
# The first preformatted line is the score ("Score: 78/100"); the grade
# follows it in the exercise's points, and is rescaled here.
awk -v min='${VPL_GRADEMIN:-0}' -v max='${VPL_GRADEMAX:-}' '
!seen && /^>Score: [0-9]+\/[0-9]+/ { split(substr(\$2, 1), p, "/"); score = p[1]; total = p[2]; seen = 1 }
/^Grade :=>>/ && max != "" && total > 0 { printf "Grade :=>> %.2f\n", min + (max - min) * score / total; next }
{ print }
' vpl.txt
exit 0
}
END
chmod +x vpl_execution
