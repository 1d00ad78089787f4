#!/bin/sh
# A drop hook for rowdrag --on-drop: the "server" that accepts or refuses a move.
# Finished work is final: nothing may be dropped into Done from here.
echo "drop: $ROWDRAG_LABEL $ROWDRAG_FROM -> $ROWDRAG_TO ($ROWDRAG_TO_TITLE)"
test "$ROWDRAG_TO_TITLE" != "Done" && test "$ROWDRAG_TO_TITLE" != "## Done"
