# fish completion for rowdrag(1).
# Options, command names and words mirror rowdrag's command and option tables;
# Tests/RowdragCommandsTests/DocumentationTests.swift checks that they agree.

set -l rowdrag_commands press drag tick wait release drop cancel move scroll lock pin unlock undo redo print list show state set get write w quit q quit! Q help

complete -c rowdrag -s e -l expression -x -a "$rowdrag_commands" -d 'run these commands'
complete -c rowdrag -s f -l file -r -F -d 'run the commands in a script'
complete -c rowdrag -s n -l quiet -d 'do not print the final list'
complete -c rowdrag -s i -l in-place -d 'write the list back to FILE'
complete -c rowdrag -l keep-going -d 'run every command even after one fails'
complete -c rowdrag -l json -d 'read and write the list as JSON'
complete -c rowdrag -l text -d 'read and write the list as text lines'
complete -c rowdrag -l header -x -d 'text lines matching REGEX become section headers'
complete -c rowdrag -l lock -x -d 'lock rows whose label matches'
complete -c rowdrag -l pin -x -d 'pin rows whose label matches'
complete -c rowdrag -l row-height -x -d 'default row height in points'
complete -c rowdrag -l viewport -x -d 'viewport height in points'
complete -c rowdrag -l fps -x -d 'frames per second'
complete -c rowdrag -l autoscroll -x -a 'linear fixed rate off' -d 'auto-scroll profile'
complete -c rowdrag -l rule -x -a 'midpoint under' -d 'reorder rule'
complete -c rowdrag -l hold -x -d 'long-press time before a row lifts'
complete -c rowdrag -l width -x -d 'width of the show picture'
complete -c rowdrag -l height-key -x -d 'JSON member holding a row height'
complete -c rowdrag -l lock-key -x -d 'JSON member that locks a row'
complete -c rowdrag -l pin-key -x -d 'JSON member that pins a row'
complete -c rowdrag -l label-key -x -d 'JSON member used as the label'
complete -c rowdrag -s h -l help -d 'print help and exit'
complete -c rowdrag -s V -l version -d 'print the version and exit'
