from basicsr.train import train_pipeline

if __name__ == '__main__':
    train_pipeline()
