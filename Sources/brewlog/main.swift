print("brewlog")
