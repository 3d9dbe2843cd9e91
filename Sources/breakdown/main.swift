print("breakdown")
