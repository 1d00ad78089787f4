// GNU readline needs <stdio.h> before its own headers (it uses FILE without including it).
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
