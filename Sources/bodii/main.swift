import BodiiApp
BodiiMain.main()
