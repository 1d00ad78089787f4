# bash completion for rowdrag(1).
# Options, command names and words mirror rowdrag's command and option tables;
# Tests/RowdragCommandsTests/DocumentationTests.swift checks that they agree.

_rowdrag() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  local options="-e --expression -f --file -n --quiet -i --in-place --keep-going --json --text
    --header --lock --pin --row-height --viewport --fps --autoscroll --rule --hold --width
    --height-key --lock-key --pin-key --label-key -h --help -V --version"
  local commands="press drag tick wait release drop cancel move scroll lock pin unlock undo
    redo print list show state set get write w quit q quit! Q help"

  case $prev in
    --autoscroll)
      COMPREPLY=($(compgen -W "linear fixed rate off" -- "$cur"))
      return
      ;;
    --rule)
      COMPREPLY=($(compgen -W "midpoint under" -- "$cur"))
      return
      ;;
    -f | --file)
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -f -- "$cur"))
      return
      ;;
    -e | --expression)
      # Command names for the first word of the script, after an opening quote too.
      local quote=""
      if [[ $cur == [\'\"]* ]]; then
        quote=${cur:0:1}
        cur=${cur:1}
      fi
      COMPREPLY=($(compgen -P "$quote" -W "$commands" -- "$cur"))
      return
      ;;
    --header | --lock | --pin | --row-height | --viewport | --fps | --hold | --width | \
      --height-key | --lock-key | --pin-key | --label-key)
      return
      ;;
  esac

  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
    return
  fi
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -f -- "$cur"))
}

complete -F _rowdrag rowdrag
