import BodiiCLI
BodiiMain.main()
