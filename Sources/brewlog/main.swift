import BrewLogCLI

// The executable: the command-line front end, run on this process's arguments and environment.
BrewLogProcess.run()
